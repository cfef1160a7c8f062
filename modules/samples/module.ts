// Component samples: the grid showcase and the misconfiguration sample (demo and documentation).
import { defineModule } from '../../server/modules/types.js';
import { samplesDemo } from './seed/demo.js';

export default defineModule({ name: 'samples', seed: { demo: samplesDemo } });

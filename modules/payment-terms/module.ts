// Payment terms: the net days and cash discount a supplier is paid on (used by contracts and orders).
import { defineModule } from '../../server/modules/types.js';
import { paymentTermsDemo } from './seed/demo.js';
import { paymentTermRules } from './server/termRules.js';

export default defineModule({
  name: 'payment-terms',
  rules: { srmBasePaymentTerm: paymentTermRules },
  seed: { demo: paymentTermsDemo },
});

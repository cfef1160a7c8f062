// The developer tools screens (kind custom), by renderer name.
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { ApiDocs } from './ApiDocs';
import { ApiListEdit } from './ApiListEdit';
import { ApiManager } from './ApiManager';
import { DatabaseDetail } from './DatabaseDetail';
import { DatabaseList } from './DatabaseList';
import { GeneratorCode } from './GeneratorCode';

export default defineClientModule({
  name: 'devtools',
  renderers: {
    databaseList: DatabaseList,
    databaseDetail: DatabaseDetail,
    devtoolsGeneratorCode: GeneratorCode,
    apiManager: ApiManager,
    apiListEdit: ApiListEdit,
    apiDocs: ApiDocs,
  },
});

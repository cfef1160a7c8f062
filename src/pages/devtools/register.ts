// The developer tools screens (kind custom), by renderer name.
import type { ComponentType } from 'react';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { ApiDocs } from './ApiDocs';
import { ApiListEdit } from './ApiListEdit';
import { ApiManager } from './ApiManager';
import { DatabaseDetail } from './DatabaseDetail';
import { DatabaseList } from './DatabaseList';
import { GeneratorCode } from './GeneratorCode';

export const devtoolsScreens: Record<string, ComponentType<CustomPageProps>> = {
  databaseList: DatabaseList,
  databaseDetail: DatabaseDetail,
  devtoolsGeneratorCode: GeneratorCode,
  apiManager: ApiManager,
  apiListEdit: ApiListEdit,
  apiDocs: ApiDocs,
};

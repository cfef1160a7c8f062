// Types of the definition formats, generated from schemas/meta (types only: the runtime never reads files).
export type {
  Text,
  Condition,
  EntityDefinition,
  Field,
  PageDefinition,
  Grid,
  Action,
  Column,
  MenusDefinition,
  AttachmentConfig,
  AttachmentButtons,
  TreeConfig,
} from '../meta/generated/definitions.js';

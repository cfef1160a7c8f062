// What every part of the page editor needs: the definition, a path setter that records undo steps,
// the validation errors of a part, and the entity whose fields the part may name.
import { Alert } from '@arco-design/web-react';
import { createContext, useContext } from 'react';
import type { EntityDefinition, PageDefinition } from '../../runtime/definitions';
import type { DefinitionError } from '../api';
import { getIn, parsePath, pathStartsWith, type Path } from '../model/path';

export interface EditorApi {
  def: PageDefinition;
  set(path: Path, value: unknown, mergeKey?: string): void;
  errors: readonly DefinitionError[];
  entity: EntityDefinition | undefined;
  entities: Readonly<Record<string, EntityDefinition>>;
  lookupTypes: readonly string[];
}

export const EditorContext = createContext<EditorApi | null>(null);

export function useEditor(): EditorApi {
  const api = useContext(EditorContext);
  if (!api) throw new Error('EditorContext is not provided');
  return api;
}

export function useValue<T>(path: Path): T | undefined {
  return getIn(useEditor().def, path) as T | undefined;
}

export function errorsAt(errors: readonly DefinitionError[], path: Path, exact = false): DefinitionError[] {
  return errors.filter((e) => {
    const p = parsePath(e.path);
    return exact ? p.length === path.length && pathStartsWith(p, path) : pathStartsWith(p, path);
  });
}

/** Validation messages of one part, shown right where that part is edited. */
export function PartErrors({ path, exact = false }: { path: Path; exact?: boolean }) {
  const { errors } = useEditor();
  const mine = errorsAt(errors, path, exact);
  if (mine.length === 0) return null;
  return (
    <Alert
      type="error"
      className="designer-part-errors"
      data-testid={`errors-${path.join('.')}`}
      content={
        <ul>
          {mine.map((e, i) => (
            // The message names the place in words (server/definitions/schemaProblems.ts); the path is for placing it.
            <li key={i}>{e.message}</li>
          ))}
        </ul>
      }
    />
  );
}

/** Field names of an entity (declared fields first, then the audit fields every entity has). */
export function entityFields(entity: EntityDefinition | undefined): string[] {
  if (!entity) return [];
  return [...Object.keys(entity.fields), 'creationDate', 'createdBy', 'lastUpdateDate', 'lastUpdatedBy'];
}

export function numericFields(entity: EntityDefinition | undefined): string[] {
  if (!entity) return [];
  return Object.entries(entity.fields)
    .filter(([, f]) => f && (f.type === 'decimal' || f.type === 'integer'))
    .map(([name]) => name);
}

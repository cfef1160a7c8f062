// The precompiled validators of the app's entities, handed over once at start (the runtime does not
// import the app's generated code: src/app/runtimeModule.ts registers src/generated/validators.js).
import { createPrecompiledFormValidator, type PrecompiledValidate } from './precompiledValidator.js';

const compiled = new Map<string, PrecompiledValidate>();
const formValidators = new Map<string, ReturnType<typeof createPrecompiledFormValidator>>();

export function registerValidators(validators: Readonly<Record<string, PrecompiledValidate>>): void {
  for (const [name, validate] of Object.entries(validators)) compiled.set(name, validate);
  formValidators.clear();
}

/** The form validator of an entity; without a registered validator only the form's required fields are checked. */
export function formValidatorFor(entityName: string): ReturnType<typeof createPrecompiledFormValidator> {
  let v = formValidators.get(entityName);
  if (!v) {
    v = createPrecompiledFormValidator(compiled.get(entityName));
    formValidators.set(entityName, v);
  }
  return v;
}

export function hasValidator(entityName: string): boolean {
  return compiled.has(entityName);
}

// @vitest-environment jsdom
// Our rjsf theme (the Arco templates of runtime/form/templates.tsx and the built-in widgets registered
// under rjsf's own widget names: text, textarea, checkbox, …) through rjsf's conformance suite,
// @rjsf/snapshot-tests: every form, array and object case of the suite renders, and what it renders
// is kept in __snapshots__ so that a change to a template or widget shows up as a reviewed diff.
import { createElement } from 'react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { withTheme, type FormProps } from '@rjsf/core';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { RuntimeEnvContext } from '../../../runtime/env.js';
import { builtInWidgets, templates } from '../../../runtime/form/index.js';
import { fakeEnv } from './helpers.js';

// The suite is written against vitest's globals.
Object.assign(globalThis, { beforeAll, describe, expect, test, vi });
if (!window.matchMedia) {
  window.matchMedia = ((q: string) => ({
    matches: false,
    media: q,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    onchange: null,
    dispatchEvent: () => false,
  })) as never;
}
if (!(globalThis as { ResizeObserver?: unknown }).ResizeObserver) {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const widgets: RegistryWidgetsType = Object.fromEntries(Object.entries(builtInWidgets).map(([name, def]) => [name, def.component]));
const ThemedForm = withTheme({ templates, widgets });
const env = fakeEnv();

/** The themed form as the runtime renders it: inside a RuntimeEnv, with the record as form context. */
function Form(props: FormProps) {
  return createElement(RuntimeEnvContext.Provider, { value: env }, createElement(ThemedForm, { formContext: { record: props.formData ?? {} }, ...props }));
}

const { formTests, arrayTests, objectTests } = await import('@rjsf/snapshot-tests');
formTests(Form as never);
arrayTests(Form as never);
objectTests(Form as never);

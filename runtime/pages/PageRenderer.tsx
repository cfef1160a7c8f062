import { pageKinds, renderers } from '../registry/index.js';
import type { CustomPageProps, PageProps } from '../registry/types.js';

/** Renders a page definition with the page kind it names. Keyed so another record starts fresh. */
export function PageRenderer(props: PageProps) {
  const { component: Kind } = pageKinds.get(props.page.kind);
  return <Kind key={`${props.page.name}:${props.query.id ?? ''}:${props.query.mode ?? ''}`} {...props} />;
}

/** A page without an entity of its own: kind custom (the registered renderer it names) or dashboard. */
export function CustomPageRenderer(props: CustomPageProps) {
  const name = props.page.kind === 'dashboard' ? 'dashboard' : props.page.renderer;
  if (!name) throw new Error(`Page "${props.page.name}" of kind custom names no renderer`);
  const { component: Screen } = renderers.get(name);
  return <Screen key={props.page.name} {...props} />;
}

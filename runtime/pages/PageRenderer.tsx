import { pageKinds, renderers } from '../registry/index.js';
import type { CustomPageProps, PageProps } from '../registry/types.js';

/** Renders a page definition with the page kind it names. Keyed so another record starts fresh. */
export function PageRenderer(props: PageProps) {
  const { component: Kind } = pageKinds.get(props.page.kind);
  return <Kind key={`${props.page.name}:${props.query.id ?? ''}:${props.query.mode ?? ''}`} {...props} />;
}

/** A page of kind custom: the registered renderer it names. */
export function CustomPageRenderer(props: CustomPageProps) {
  if (!props.page.renderer) throw new Error(`Page "${props.page.name}" of kind custom names no renderer`);
  const { component: Screen } = renderers.get(props.page.renderer);
  return <Screen key={props.page.name} {...props} />;
}

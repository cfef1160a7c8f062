import { pageKinds } from '../registry/index.js';
import type { PageProps } from '../registry/types.js';

/** Renders a page definition with the page kind it names. Keyed so another record starts fresh. */
export function PageRenderer(props: PageProps) {
  const { component: Kind } = pageKinds.get(props.page.kind);
  return <Kind key={`${props.page.name}:${props.query.id ?? ''}:${props.query.mode ?? ''}`} {...props} />;
}

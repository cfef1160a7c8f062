// glide 6.0.3 opens overlay editors in #portal (portalElementRef arrived in a later release).
export function ensurePortal(): void {
  // glide 6.0.3 opens overlay editors in #portal (portalElementRef arrived in a later release).
  if (typeof document === 'undefined' || document.getElementById('portal')) return;
  const div = document.createElement('div');
  div.id = 'portal';
  document.body.appendChild(div);
  // Full-viewport but click-through: Arco popups placed in the overlay (see editors.tsx) measure
  // their container to stay on screen, and a zero-size container would pin them to the left edge.
  const style = document.createElement('style');
  style.textContent = '#portal{position:fixed;left:0;top:0;width:100vw;height:100vh;pointer-events:none;z-index:1050}#portal>*{pointer-events:auto}';
  document.head.appendChild(style);
}

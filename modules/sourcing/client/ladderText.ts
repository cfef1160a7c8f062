// Ladder prices as the supplier types them: "quantity=price" pairs separated by semicolons ("100=9.5; 500=9").
export interface LadderStep {
  fromQuantity: number;
  price: number;
}

/** The steps typed, [] for none, null when the text is not pairs of positive numbers. */
export function parseLadders(text: string | undefined): LadderStep[] | null {
  if (!text?.trim()) return [];
  const out: LadderStep[] = [];
  for (const part of text.split(/[;；]/)) {
    if (!part.trim()) continue;
    const m = /^\s*(\d+(?:\.\d+)?)\s*[=:：]\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!m) return null;
    out.push({ fromQuantity: Number(m[1]), price: Number(m[2]) });
  }
  return out;
}

/** The stored ladder JSON as the text the input shows. */
export function laddersText(json: string | null | undefined): string | undefined {
  if (!json) return undefined;
  try {
    const steps = JSON.parse(json) as LadderStep[];
    return Array.isArray(steps) && steps.length ? steps.map((s) => `${s.fromQuantity}=${s.price}`).join('; ') : undefined;
  } catch {
    return undefined;
  }
}

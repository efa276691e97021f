/**
 * The keyword as it is sent (spec 1 §5 "Panel search strips special characters"): letters of any language, digits
 * and single spaces remain, so `Mağaza/Kadıköy!` searches `MağazaKadıköy` and `%` or `/` never reach the path.
 */
export const cleanSearchText = (text: string): string =>
  text
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

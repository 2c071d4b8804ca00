// Folds text for searching: lower case, accents and ligatures away, so that `Dúdok`, `DUDOK` and
// `dudok` are one word. Pure, shared by the site search and the register search.

// Letters that Unicode does not decompose into a base letter and a mark.
const LETTERS: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ı: 'i' };

export const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđı]/g, (letter) => LETTERS[letter] ?? letter);

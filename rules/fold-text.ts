/** Lower case without marks, Turkish dotted and dotless i alike: how the console's searches and the mock's lists compare texts. */
export const foldText = (text: string): string =>
  text
    .toLocaleLowerCase('tr')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i');

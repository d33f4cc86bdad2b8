import { COMM_TEMPLATE_PREVIEW_LENGTH } from './comm-constants';

/**
 * The first 150 characters of a template (part 2 §9), with "…" when it was cut, so a preview is
 * at most 151 characters. Counts Unicode code points, so an emoji or å is never split in half.
 * @example templatePreview('Hej!') // "Hej!"
 */
export function templatePreview(text: string, length: number = COMM_TEMPLATE_PREVIEW_LENGTH): string {
  const characters = Array.from(text);
  return characters.length <= length ? text : `${characters.slice(0, length).join('')}…`;
}

import { TEAM_COLORS } from '@wallet/contract';

/** Names for the palette's colours, so a screen reader can tell them apart. */
const NAMES: Record<string, string> = {
  '#1677FF': 'Blue',
  '#13C2C2': 'Cyan',
  '#52C41A': 'Green',
  '#FAAD14': 'Gold',
  '#FA541C': 'Volcano',
  '#F5222D': 'Red',
  '#EB2F96': 'Magenta',
  '#722ED1': 'Purple',
  '#2F54EB': 'Indigo',
  '#A0D911': 'Lime',
  '#FA8C16': 'Orange',
  '#595959': 'Grey',
};

export function colorName(color: string): string {
  return NAMES[color.toUpperCase()] ?? color;
}

export const DEFAULT_TEAM_COLOR: string = TEAM_COLORS[0];

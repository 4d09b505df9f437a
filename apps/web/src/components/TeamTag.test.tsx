import { render, screen } from '@testing-library/react';
import { TEAM_COLORS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../lib/contrast';
import { TeamTag } from './TeamTag';

describe('TeamTag', () => {
  it.each(TEAM_COLORS)("shows the team's name readably (WCAG AA 4.5:1) in the team's colour %s", (color) => {
    render(<TeamTag team={{ name: 'Engineering', color }} />);
    const tag = screen.getByText('Engineering');
    expect(contrastRatio(tag.style.color, tag.style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
  });
});

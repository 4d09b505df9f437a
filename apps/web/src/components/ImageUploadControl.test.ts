import { describe, expect, it } from 'vitest';
import { imageFileProblem, type ImageFileRules } from './ImageUploadControl';

// The screen tests send only a wrong type; the size checks and their order are covered here.
const rules: ImageFileRules = {
  maxBytes: 100,
  messages: { invalid: 'invalid', empty: 'empty', tooLarge: 'too large' },
};

describe('imageFileProblem', () => {
  it.each([
    [{ type: 'image/png', size: 100 }, undefined],
    [{ type: 'image/jpeg', size: 1 }, undefined],
    [{ type: 'image/webp', size: 50 }, undefined],
    [{ type: 'image/svg+xml', size: 50 }, 'invalid'],
    [{ type: 'image/gif', size: 0 }, 'invalid'],
    [{ type: 'image/png', size: 0 }, 'empty'],
    [{ type: 'image/png', size: 101 }, 'too large'],
  ])('%o -> %s', (file, problem) => {
    expect(imageFileProblem(file, rules)).toBe(problem);
  });
});

import { describe, expect, it } from 'vitest';
import { speakable, spokenWordCount } from '#generation/storyboard/spoken-words.ts';

describe('how many words a listener hears', () => {
  it.each([
    ['Roasted to order.', 3],
    ['$34', 3],
    ['$19.99', 5],
    ['4.9 out of 5', 6],
    ['over 4,000 teams', 4],
    ['1,240 reviews', 6],
    ['Since 1998.', 4],
    ['20% off', 3],
    ['14-day free trial', 4],
    // A long label is words run together: "north wind dot coffee", "juniper yoga dot studio".
    ['northwind.coffee', 4],
    ['juniperyoga.studio', 4],
    ['tasklane.io', 4],
    ['example.com', 3],
    ['Shop at alder-and-ash.co.uk!', 11],
    ['24/7', 4],
    ['Works with Slack and GitHub.', 5],
  ])('"%s" is heard as %i words', (line, words) => {
    expect(spokenWordCount(line)).toBe(words);
  });
});

describe('a line made ready to be read aloud', () => {
  it.each([
    ['4.9/5 from 312 reviews', '4.9 out of 5 from 312 reviews'],
    ['$12/month', '$12 a month'],
    ['$9/user/mo', '$9 per user a month'],
    ['Loved by 4,000+ teams', 'Loved by over 4,000 teams'],
    ['Works with Slack & GitHub', 'Works with Slack and GitHub'],
    ['Emergency plumbers, 24/7', 'Emergency plumbers, 24/7'],
  ])('"%s" is read as "%s", its numbers as written', (written, read) => {
    expect(speakable(written)).toBe(read);
  });
});

import { describe, expect, it } from 'vitest';
import { PanelTopics } from './panel-topics.ts';

describe('panel topics', () => {
  const topics = new PanelTopics('site.a/panels/{dev_id}/state');

  it('builds a panel topic from the template and reads the panel back', () => {
    expect(topics.topicOf(42)).toBe('site.a/panels/42/state');
    expect(topics.devIdOf('site.a/panels/42/state')).toBe(42);
  });

  it('reads no panel from a topic outside the template (its dots are not wildcards)', () => {
    expect(topics.devIdOf('siteXa/panels/42/state')).toBeUndefined();
    expect(topics.devIdOf('site.a/panels/42/state/more')).toBeUndefined();
    expect(topics.devIdOf('site.a/panels/99999999999999999999/state')).toBeUndefined();
  });

  it('remembers the topic of a watched panel', () => {
    expect(topics.remember(7)).toBe('site.a/panels/7/state');
    expect(topics.devIdOf('site.a/panels/7/state')).toBe(7);
  });
});

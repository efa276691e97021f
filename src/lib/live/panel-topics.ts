/** The topic of each panel, from the configured template (`.../{dev_id}/...`), and the panel of a topic. */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class PanelTopics {
  private readonly known = new Map<string, number>();
  private readonly pattern: RegExp;

  constructor(private readonly template: string) {
    this.pattern = new RegExp(`^${escapeRegExp(template).replace('\\{dev_id\\}', '(\\d{1,19})')}$`);
  }

  topicOf(devId: number): string {
    return this.template.replace('{dev_id}', String(devId));
  }

  /** The topic of a watched panel, remembered so its messages need no parsing of the topic. */
  remember(devId: number): string {
    const topic = this.topicOf(devId);
    this.known.set(topic, devId);
    return topic;
  }

  /** The panel a topic names (its watched panel, else read from the topic template). */
  devIdOf(topic: string): number | undefined {
    const known = this.known.get(topic);
    if (known !== undefined) return known;
    const match = this.pattern.exec(topic);
    const devId = match ? Number(match[1]) : NaN;
    return Number.isSafeInteger(devId) ? devId : undefined;
  }
}

// Incremental text/event-stream parser (WHATWG rules): chunks may split lines, events end at a blank line.
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export class SseParser {
  #buffer = "";
  #event = "";
  #data: string[] = [];
  #id: string | undefined;

  /** Feeds decoded text; returns the events completed by it. */
  push(chunk: string): SseEvent[] {
    this.#buffer += chunk;
    const events: SseEvent[] = [];
    // A trailing "\r" may be the first half of "\r\n", so it waits for the next chunk.
    const lines = this.#buffer.split(/\r\n|\r(?!$)|\n/);
    this.#buffer = lines.pop() ?? "";
    for (const line of lines) {
      const done = this.#line(line);
      if (done) events.push(done);
    }
    return events;
  }

  /** End of stream: an event without its final blank line is discarded, as the spec says. */
  end(): void {
    this.#buffer = "";
    this.#reset();
  }

  #line(line: string): SseEvent | undefined {
    if (line === "") {
      if (this.#data.length === 0) {
        this.#reset();
        return undefined;
      }
      const event = { event: this.#event || "message", data: this.#data.join("\n"), id: this.#id };
      this.#reset();
      return event;
    }
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.#event = value;
    else if (field === "data") this.#data.push(value);
    else if (field === "id") this.#id = value;
    return undefined;
  }

  #reset(): void {
    this.#event = "";
    this.#data = [];
  }
}

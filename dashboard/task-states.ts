// The four explicit states of a loading screen (Lit task): initial/pending, error, and complete (empty is the page's own).
import { html, type TemplateResult } from "lit";
import type { Task } from "@lit/task";
import { errorText } from "./api.ts";

export function renderTask<T>(task: Task<any, T>, complete: (value: T) => TemplateResult | string): unknown {
  return task.render({
    initial: () => html`<sl-spinner aria-label="Loading"></sl-spinner>`,
    // A refresh keeps showing what is on screen rather than flashing a spinner.
    pending: () => (task.value !== undefined ? complete(task.value) : html`<sl-spinner aria-label="Loading"></sl-spinner>`),
    error: (error) => html`<sl-alert variant="danger" open>${errorText(error)}</sl-alert>`,
    complete,
  });
}

export const day = (unix: number | null | undefined): string => (unix ? new Date(unix * 1000).toISOString().slice(0, 16).replace("T", " ") : "—");

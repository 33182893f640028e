// The chat question form: the bubble's first question and every follow-up; in the main bundle, since the bubble
// shows it before the chat chunk has loaded.
import { html, type TemplateResult } from "lit";
import type { SearchTranslations } from "../translations.ts";
import { chatQuestionMaxChars } from "../../shared/limits.ts";

export interface FollowUpModel {
  t: SearchTranslations;
  label: string;
  disabled: boolean;
  onSubmit(question: string): void;
}

export function renderFollowUp(m: FollowUpModel): TemplateResult {
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const input = form.elements.namedItem("question") as HTMLInputElement;
    m.onSubmit(input.value);
    input.value = "";
  };
  return html`<form class="follow-up field" part="follow-up" @submit=${submit}>
    <input name="question" part="follow-up-input" aria-label=${m.label} placeholder=${m.label} autocomplete="off" maxlength=${chatQuestionMaxChars} />
    <button type="submit" class="primary" part="send-button" ?disabled=${m.disabled}>${m.t.send}</button>
  </form>`;
}

// The form a thumbs-down opens: a few reason tags and optional text, sent with the rating (FeedbackBody.tags/reason).
import type { TemplateResult } from "lit";
import type { FeedbackTag } from "../../shared/chat.ts";
import { feedbackTags } from "../../shared/feedback-tags.ts";
import type { Translations } from "../translations.ts";
import { html } from "./template-tags.ts";

export interface ReasonFormModel {
  t: Translations;
  /** Unique per answer: ids of the form's labels. */
  id: string;
  onSubmit(tags: FeedbackTag[], reason: string): void;
}

export function renderReasonForm(m: ReasonFormModel): TemplateResult {
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const picked = feedbackTags.filter((tag) => (form.elements.namedItem(tag) as HTMLInputElement | null)?.checked);
    m.onSubmit(picked, (form.elements.namedItem("reason") as HTMLTextAreaElement).value.trim());
  };
  return html`<form class="reason-form" part="reason-form" aria-labelledby=${`${m.id}-prompt`} @submit=${submit}>
    <p id=${`${m.id}-prompt`} class="reason-prompt">${m.t.reasonPrompt}</p>
    <div class="reason-tags">
      ${feedbackTags.map((tag) => html`<label class="reason-tag" part="reason-tag"><input type="checkbox" name=${tag} />${m.t.reasonTags[tag]}</label>`)}
    </div>
    <textarea name="reason" part="reason-text" rows="2" maxlength="1000" aria-label=${m.t.reasonDetails} placeholder=${m.t.reasonDetails}></textarea>
    <button type="submit" class="primary" part="send-button">${m.t.sendReason}</button>
  </form>`;
}

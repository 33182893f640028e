// The conversation's own longer strings, in English and French: they ship in the chat file, so first load never pays for them.
import type { ChatStrings, SearchTranslations, Translations } from "../translations.ts";

const en: ChatStrings = {
  thanks: "Thanks for the feedback.",
  notAnswered: "The sources did not answer this question.",
  backToResults: "Back to results",
  reasonPrompt: "What was wrong with this answer?",
  reasonTags: { inaccurate: "Inaccurate", irrelevant: "Off topic", incomplete: "Incomplete", unclear: "Hard to follow", outdated: "Outdated" },
  reasonDetails: "Anything else? (optional)",
  sendReason: "Send feedback",
  moreQuestions: "Ask next",
  tellMeMore: (title) => `Tell me more about ${title}`,
};

const fr: ChatStrings = {
  thanks: "Merci pour votre avis.",
  notAnswered: "Les sources ne répondent pas à cette question.",
  backToResults: "Retour aux résultats",
  reasonPrompt: "Qu’est-ce qui n’allait pas ?",
  reasonTags: { inaccurate: "Inexact", irrelevant: "Hors sujet", incomplete: "Incomplet", unclear: "Peu clair", outdated: "Obsolète" },
  reasonDetails: "Autre chose ? (facultatif)",
  sendReason: "Envoyer l’avis",
  moreQuestions: "Pour continuer",
  tellMeMore: (title) => `En savoir plus sur ${title}`,
};

/** The element's strings completed with the conversation's in its language; an owner's override of either wins. */
export function withChatStrings(t: SearchTranslations): Translations {
  const defaults = t.lang === "fr" ? fr : en;
  return { ...defaults, ...t } as Translations;
}

// Every visible string of the widget, in English and French; the page's <html lang> picks the default.
import type { FeedbackTag } from "../shared/chat.ts";
export interface Translations {
  placeholder: string;
  searchLabel: string;
  openSearch: string;
  close: string;
  clear: string;
  loading: string;
  noResults: (query: string) => string;
  didYouMean: string;
  completions: string;
  resultCount: (count: number) => string;
  error: string;
  offline: string;
  rateLimited: (seconds: number) => string;
  retry: string;
  recentSearches: string;
  clearRecent: string;
  askAi: (query: string) => string;
  askAiLabel: string;
  answerLoading: string;
  answerReady: string;
  answerStopped: string;
  stop: string;
  copyAnswer: string;
  copyCode: string;
  copied: string;
  helpful: string;
  notHelpful: string;
  thanks: string;
  sources: string;
  followUp: string;
  send: string;
  greeting: string;
  suggestedQuestions: string;
  openChat: string;
  chatTitle: string;
  filters: string;
  results: string;
  notAnswered: string;
  backToResults: string;
  reasonPrompt: string;
  reasonTags: Record<FeedbackTag, string>;
  reasonDetails: string;
  sendReason: string;
  moreQuestions: string;
  tellMeMore: (title: string) => string;
  keySelect: string;
  keyNavigate: string;
  keyClose: string;
  favourites: string;
  addFavourite: (query: string) => string;
  removeFavourite: (query: string) => string;
  rememberSearches: string;
  resultRange: (from: number, to: number, total: number) => string;
  pages: string;
  previousPage: string;
  nextPage: string;
  pageNumber: (n: number) => string;
}

/** Strings only the conversation draws: they ship in the chat file (chat/chat-translations.ts), not the first one. */
export type ChatStringKey =
  | "reasonPrompt"
  | "reasonTags"
  | "reasonDetails"
  | "sendReason"
  | "moreQuestions"
  | "tellMeMore"
  | "notAnswered"
  | "backToResults"
  | "thanks";
export type ChatStrings = Pick<Translations, ChatStringKey>;
/** What the element resolves: every string but the conversation's (which overrides may still set), and its language. */
export type SearchTranslations = Omit<Translations, ChatStringKey> & Partial<ChatStrings> & { lang: string };

export const en: SearchTranslations = {
  lang: "en",
  placeholder: "Search the docs",
  searchLabel: "Search",
  openSearch: "Search",
  close: "Close",
  clear: "Clear",
  loading: "Searching…",
  noResults: (query) => `No results for “${query}”`,
  didYouMean: "Did you mean",
  completions: "Suggestions",
  resultCount: (count) => (count === 1 ? "1 result" : `${count} results`),
  error: "Search is unavailable right now.",
  offline: "You are offline.",
  rateLimited: (seconds) => `Too many searches. Try again in ${seconds} s.`,
  retry: "Retry",
  recentSearches: "Recent searches",
  clearRecent: "Clear recent searches",
  askAi: (query) => `Ask AI: ${query}`,
  askAiLabel: "Ask AI",
  answerLoading: "Writing an answer…",
  answerReady: "Answer ready.",
  answerStopped: "Answer stopped.",
  stop: "Stop",
  copyAnswer: "Copy answer",
  copyCode: "Copy code",
  copied: "Copied",
  helpful: "Helpful",
  notHelpful: "Not helpful",
  sources: "Sources",
  followUp: "Ask a follow-up question",
  send: "Send",
  greeting: "Hi! Ask me anything about this site.",
  suggestedQuestions: "Suggested questions",
  openChat: "Ask a question",
  chatTitle: "Ask AI",
  filters: "Filters",
  results: "Results",
  keySelect: "to select",
  keyNavigate: "to navigate",
  keyClose: "to close",
  favourites: "Favourites",
  addFavourite: (query) => `Save “${query}” to favourites`,
  removeFavourite: (query) => `Remove “${query}” from favourites`,
  rememberSearches: "Remember my searches",
  resultRange: (from, to, total) => `${from}–${to} of ${total} results`,
  pages: "Pages of results",
  previousPage: "Previous",
  nextPage: "Next",
  pageNumber: (n) => `Page ${n}`,
};

export const fr: SearchTranslations = {
  lang: "fr",
  placeholder: "Rechercher dans la documentation",
  searchLabel: "Recherche",
  openSearch: "Rechercher",
  close: "Fermer",
  clear: "Effacer",
  loading: "Recherche…",
  noResults: (query) => `Aucun résultat pour « ${query} »`,
  didYouMean: "Vouliez-vous dire",
  completions: "Suggestions",
  resultCount: (count) => (count <= 1 ? `${count} résultat` : `${count} résultats`),
  error: "La recherche est indisponible pour le moment.",
  offline: "Vous êtes hors ligne.",
  rateLimited: (seconds) => `Trop de recherches. Réessayez dans ${seconds} s.`,
  retry: "Réessayer",
  recentSearches: "Recherches récentes",
  clearRecent: "Effacer les recherches récentes",
  askAi: (query) => `Demander à l’IA : ${query}`,
  askAiLabel: "Demander à l’IA",
  answerLoading: "Rédaction de la réponse…",
  answerReady: "Réponse prête.",
  answerStopped: "Réponse interrompue.",
  stop: "Arrêter",
  copyAnswer: "Copier la réponse",
  copyCode: "Copier le code",
  copied: "Copié",
  helpful: "Utile",
  notHelpful: "Pas utile",
  sources: "Sources",
  followUp: "Poser une question complémentaire",
  send: "Envoyer",
  greeting: "Bonjour ! Posez-moi une question sur ce site.",
  suggestedQuestions: "Questions suggérées",
  openChat: "Poser une question",
  chatTitle: "Demander à l’IA",
  filters: "Filtres",
  results: "Résultats",
  keySelect: "pour choisir",
  keyNavigate: "pour naviguer",
  keyClose: "pour fermer",
  favourites: "Favoris",
  addFavourite: (query) => `Ajouter « ${query} » aux favoris`,
  removeFavourite: (query) => `Retirer « ${query} » des favoris`,
  rememberSearches: "Mémoriser mes recherches",
  resultRange: (from, to, total) => `${from}–${to} sur ${total} résultats`,
  pages: "Pages de résultats",
  previousPage: "Précédente",
  nextPage: "Suivante",
  pageNumber: (n) => `Page ${n}`,
};

const bundled: Record<string, SearchTranslations> = { en, fr };

type AnswerLabels = Pick<Translations, "askAi" | "askAiLabel" | "chatTitle">;
/** Without a language model the service quotes the site's best passages: the labels say that, not "AI". */
const passageLabels: Record<string, AnswerLabels> = {
  en: { askAi: (query) => `Best passages: ${query}`, askAiLabel: "Best passages", chatTitle: "Best passages" },
  fr: { askAi: (query) => `Meilleurs passages : ${query}`, askAiLabel: "Meilleurs passages", chatTitle: "Meilleurs passages" },
};

/**
 * Picks by primary language subtag ("fr-CA" → fr), names quoted answers for what they are when the service answers
 * extractively, then lays the page's overrides on top: an owner's own label always wins.
 */
export function resolveTranslations(lang: string, overrides: Partial<Translations> = {}, answerMode?: "generative" | "extractive"): SearchTranslations {
  const primary = lang.toLowerCase().split("-")[0] ?? "en";
  const quoted = answerMode === "extractive" ? (passageLabels[primary] ?? passageLabels.en) : {};
  return { ...(bundled[primary] ?? en), ...quoted, ...overrides };
}

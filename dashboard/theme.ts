// Dark mode: follows the system unless the visitor picked one (kept in localStorage); Shoelace themes by a class on <html>.
const KEY = "site-search-theme";

export type Theme = "light" | "dark";

export function currentTheme(): Theme {
  const chosen = localStorage.getItem(KEY);
  if (chosen === "light" || chosen === "dark") return chosen;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

export function applyTheme(): void {
  const dark = currentTheme() === "dark";
  document.documentElement.classList.toggle("sl-theme-dark", dark);
  document.documentElement.classList.toggle("sl-theme-light", !dark);
  matchMedia("(prefers-color-scheme: dark)").onchange = () => applyTheme();
}

export function toggleTheme(): void {
  localStorage.setItem(KEY, currentTheme() === "dark" ? "light" : "dark");
  applyTheme();
  window.dispatchEvent(new Event("dashboard-theme"));
}

// The truly focused element, looking through open shadow roots, so focus can return there after a modal closes.
export function deepActiveElement(): HTMLElement | undefined {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : undefined;
}

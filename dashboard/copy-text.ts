// Copies text for a "Copy …" button: the Clipboard API where the page is a secure context; elsewhere the
// visitor selects the text shown beside the button.
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

// Copy to clipboard without throwing: the API is missing on insecure origins and may be denied by permissions.
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

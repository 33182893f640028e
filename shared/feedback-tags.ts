// The reasons a visitor can give with a thumbs-down; plain data (no TypeBox), so the widget's chat chunk can list them.
export const feedbackTags = ["inaccurate", "irrelevant", "incomplete", "unclear", "outdated"] as const;

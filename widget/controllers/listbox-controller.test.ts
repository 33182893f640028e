import { describe, expect, test } from "bun:test";
import { ListboxController } from "./listbox-controller.ts";

function setup(count = 3) {
  const host = { addController() {}, removeController() {}, requestUpdate() {}, updateComplete: Promise.resolve(true) };
  const activated: number[] = [];
  let escapes = 0;
  const listbox = new ListboxController(host, {
    count: () => count,
    activate: (i) => activated.push(i),
    escape: () => {
      escapes++;
      return true;
    },
  });
  const press = (key: string) => {
    let prevented = false;
    listbox.onKeyDown({ key, isComposing: false, preventDefault: () => (prevented = true), stopPropagation() {} } as unknown as KeyboardEvent);
    return prevented;
  };
  return { listbox, press, activated, escapes: () => escapes };
}

describe("ListboxController", () => {
  test("moves down and wraps to the first option", () => {
    const { listbox, press } = setup();
    press("ArrowDown");
    press("ArrowDown");
    press("ArrowDown");
    expect(listbox.activeIndex).toBe(2);
    press("ArrowDown");
    expect(listbox.activeIndex).toBe(0);
  });

  test("moves up from nothing to the last option", () => {
    const { listbox, press } = setup();
    press("ArrowUp");
    expect(listbox.activeIndex).toBe(2);
  });

  test("leaves Home and End to the text field until an option is active", () => {
    const { listbox, press } = setup();
    expect(press("End")).toBe(false);
    press("ArrowDown");
    expect(press("End")).toBe(true);
    expect(listbox.activeIndex).toBe(2);
    press("Home");
    expect(listbox.activeIndex).toBe(0);
  });

  test("activates the active option with Enter only", () => {
    const { press, activated } = setup();
    expect(press("Enter")).toBe(false);
    press("ArrowDown");
    press("Enter");
    expect(activated).toEqual([0]);
  });

  test("hands Escape to the host", () => {
    const { press, escapes } = setup();
    expect(press("Escape")).toBe(true);
    expect(escapes()).toBe(1);
  });
});

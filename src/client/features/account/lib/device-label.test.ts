import { describe, expect, it } from "vitest";
import { deviceLabel, isMobileSystem } from "./device-label";

describe("deviceLabel", () => {
  it("names the browser and the system", () => {
    expect(deviceLabel({ browser: "Firefox 128", os: "macOS 14" })).toBe("Firefox 128 on macOS 14");
  });

  it("says what it knows when the user agent told little", () => {
    expect(deviceLabel({ browser: "Safari 17", os: null })).toBe("Safari 17");
    expect(deviceLabel({ browser: null, os: "Android 14" })).toBe("Android 14");
    expect(deviceLabel({ browser: null, os: null })).toBe("Unknown device");
  });
});

describe("isMobileSystem", () => {
  it("knows phones and tablets", () => {
    for (const os of ["iOS 17", "Android 14", "iPadOS 17"]) expect(isMobileSystem(os)).toBe(true);
    for (const os of ["Windows 10", "macOS 14", "Linux", null]) {
      expect(isMobileSystem(os)).toBe(false);
    }
  });
});

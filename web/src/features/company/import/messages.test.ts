import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { fileProblemText } from "./messages";

// The keys and values a translation gets: enough to see which text the screen picks.
const t = ((key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key)) as unknown as TFunction<"imports">;

describe("an import's file problems", () => {
  it("are shown in the reader's language when the server names them, else as sent", () => {
    expect(fileProblemText("The file has no header line", t)).toBe("fileProblems.noHeader");
    expect(fileProblemText("The file has 250000 lines; the limit is 200000", t)).toBe('fileProblems.tooManyRows {"count":250000,"limit":200000}');
    expect(fileProblemText("Map a column of the file to: name, address", t)).toBe('fileProblems.mapColumns {"columns":"name, address"}');
    expect(fileProblemText("Part 3 of 3 of the file is missing; upload the file again", t)).toBe("fileProblems.partMissing");
    expect(fileProblemText("Something new", t)).toBe("Something new");
  });
});

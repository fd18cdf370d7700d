import { describe, expect, it } from "vitest";
import { parseArticlesCsv, parseArticlesJsonl } from "@/lib/server/adverse-media/articles";

const line = (fields: Record<string, unknown>) => JSON.stringify(fields);
const good = {
  title: "Mayor opens bridge",
  link: "https://news.example/jsonl/1",
  source: "The Northgate Herald",
  published_at: "2024-03-15",
  body: "The mayor opened the bridge.",
  location: "Leeds",
};

describe("parseArticlesJsonl", () => {
  it("keeps the good lines and names each bad one by its line number", () => {
    const text = [
      line(good), // 1
      "", // 2: blank, skipped
      '{"title": "cut short', // 3
      "[1, 2]", // 4
      line({ ...good, link: "https://news.example/jsonl/5", title: "  " }), // 5
      line({ ...good, link: "ftp://news.example/jsonl/6" }), // 6
      line({ ...good, link: "https://news.example/jsonl/7", published_at: "2024-02-30" }), // 7
      line({ ...good, link: "https://news.example/jsonl/8", body: "x".repeat(100_001) }), // 8
      line({ ...good, link: "https://news.example/jsonl/9", body: "a\u0000b" }), // 9: escaped NUL
      `{"title": "raw \u0000", "link": "https://news.example/jsonl/10", "body": "b"}`, // 10: a NUL in the line itself
      line({ ...good, title: "Same link again" }), // 11
      line({ title: "No source, empty date", link: "http://news.example/jsonl/12?page=2", published_at: "", body: "Text." }), // 12
      line({ ...good, link: "https://news.example/jsonl/13", title: 42 }), // 13
      line({ ...good, link: "not a url" }), // 14
      line({ ...good, link: "https://news.example/jsonl/15", published_at: "2024-05-02T09:30:00Z" }), // 15
    ].join("\r\n");
    const { articles, errors } = parseArticlesJsonl(text);
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14]);
    expect(errors.find((e) => e.line === 3)!.message).toMatch(/^not valid JSON/);
    expect(errors.find((e) => e.line === 4)!.message).toBe("the line must be a JSON object");
    expect(errors.find((e) => e.line === 5)!.message).toBe("title is required");
    expect(errors.find((e) => e.line === 6)!.message).toBe('link "ftp://news.example/jsonl/6" must be an http(s) URL');
    expect(errors.find((e) => e.line === 7)!.message).toMatch(/^published_at "2024-02-30" must be an ISO 8601 date/);
    expect(errors.find((e) => e.line === 8)!.message).toBe("body is 100001 characters long (at most 100000)");
    expect(errors.find((e) => e.line === 9)!.message).toBe("body contains a NUL character (U+0000)");
    expect(errors.find((e) => e.line === 10)!.message).toBe("the line contains a NUL character (U+0000)");
    expect(errors.find((e) => e.line === 11)!.message).toBe("duplicate link (first on line 1)");
    expect(errors.find((e) => e.line === 13)!.message).toBe("title must be a string");
    expect(errors.find((e) => e.line === 14)!.message).toBe('link "not a url" must be an http(s) URL');

    expect(articles).toEqual([
      {
        id: "3252ccb067ec5364ef91d7293cd890f74ca77e433bf2598221f6a8671d58e55b", // sha256 of the link
        title: "Mayor opens bridge",
        link: "https://news.example/jsonl/1",
        source: "The Northgate Herald",
        published_at: "2024-03-15",
        body: "The mayor opened the bridge.",
        location: "Leeds",
      },
      expect.objectContaining({ title: "No source, empty date", source: "news.example", published_at: null, location: null }),
      expect.objectContaining({ link: "https://news.example/jsonl/15", published_at: "2024-05-02T09:30:00Z" }),
    ]);
  });

  it("gives an article the same id whatever file it comes from", () => {
    const fromJsonl = parseArticlesJsonl(line({ ...good, link: "https://news.example/csv/1" })).articles[0]!;
    const fromCsv = parseArticlesCsv(`title,link,source,published_at,body\nA,https://news.example/csv/1,S,,B\n`).articles[0]!;
    expect(fromJsonl.id).toBe("76c8f63dae110b54fb6221854cfe1f4aa940e129ea9a28525d8579940fcd3a87");
    expect(fromCsv.id).toBe("76c8f63dae110b54fb6221854cfe1f4aa940e129ea9a28525d8579940fcd3a87");
  });
});

describe("parseArticlesCsv", () => {
  it("reads RFC 4180 quoting and names each bad record by the line it starts on", () => {
    const text = [
      "title,link,source,published_at,body,location", // 1
      'Good one,https://news.example/csv/2,Outlet,2024-01-02,"Body with ""quotes"", a comma', // 2
      'and a line break",Leeds', // 3
      "Missing link,,Outlet,2024-01-02,Body,", // 4
      "Bad date,https://news.example/csv/5,Outlet,02/01/2024,Body,", // 5
      "Too few,https://news.example/csv/6", // 6
      'Bad "quote,https://news.example/csv/7,Outlet,,Body,', // 7
      "Good two,https://news.example/csv/8,,,Body two,", // 8
      "", // 9: blank, skipped
      '"Unclosed,https://news.example/csv/10,Outlet,,Body,', // 10
      "", // the file's last newline
    ].join("\n");
    const { articles, errors } = parseArticlesCsv(text);
    expect(errors.map((e) => e.line)).toEqual([4, 5, 6, 7, 10]);
    expect(errors[0]!.message).toBe("link is required");
    expect(errors[1]!.message).toMatch(/^published_at "02\/01\/2024" must be an ISO 8601 date/);
    expect(errors[2]!.message).toBe("expected 6 fields, found 2");
    expect(errors[3]!.message).toMatch(/^not valid CSV: Invalid Opening Quote/);
    expect(errors[4]!.message).toMatch(/^not valid CSV: Quote Not Closed/);
    expect(articles.map((a) => a.title)).toEqual(["Good one", "Good two"]);
    expect(articles[0]).toMatchObject({
      body: 'Body with "quotes", a comma\nand a line break',
      location: "Leeds",
      published_at: "2024-01-02",
      source: "Outlet",
    });
    expect(articles[1]).toMatchObject({ source: "news.example", published_at: null, location: null });
  });

  it("takes the columns in any order, location optional, and a CRLF file with a byte-order mark", () => {
    const text =
      "\uFEFFbody,title,published_at,source,link\r\nSome text,A title,2024-06-01T12:00:00+02:00,Outlet,https://news.example/csv/11\r\n";
    const { articles, errors } = parseArticlesCsv(text);
    expect(errors).toEqual([]);
    expect(articles).toEqual([
      expect.objectContaining({
        title: "A title",
        body: "Some text",
        published_at: "2024-06-01T12:00:00+02:00",
        link: "https://news.example/csv/11",
        location: null,
      }),
    ]);
  });

  it("rejects a header with an unknown or a missing column, on line 1", () => {
    const { articles, errors } = parseArticlesCsv("title,link,author,published_at,body\nA,https://news.example/csv/12,Someone,,B\n");
    expect(articles).toEqual([]);
    expect(errors).toEqual([{ line: 1, message: "unknown column(s): author; missing column(s): source" }]);
  });

  it("reports an empty file", () => {
    expect(parseArticlesCsv("")).toEqual({ articles: [], errors: [{ line: 1, message: "the file is empty (a header row is needed)" }] });
  });

  it("rejects a field with a NUL character", () => {
    const { errors } = parseArticlesCsv("title,link,source,published_at,body\nA,https://news.example/csv/13,S,,B\u0000\n");
    expect(errors).toEqual([{ line: 2, message: "body contains a NUL character (U+0000)" }]);
  });
});

#include "seed/document_files.hpp"

#include <array>
#include <cstdio>

#include "core/markup.hpp"
#include "seed/word_lists.hpp"

namespace dossier::seed {

namespace {

struct Kind {
  const char* title;
  const char* category;
};

constexpr std::array<Kind, 8> kKinds = {{
    {"Letter to {name}", "letter"},
    {"Inspection report", "report"},
    {"Witness statement of {name}", "letter"},
    {"Site visit notes", "report"},
    {"Reply from {name}", "email"},
    {"Noise diary", "other"},
    {"Decision notice", "report"},
    {"Call notes", "other"},
}};

std::uint32_t crc32(std::string_view data) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> out{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) {
        c = (c & 1) != 0 ? 0xedb88320u ^ (c >> 1) : c >> 1;
      }
      out[i] = c;
    }
    return out;
  }();
  std::uint32_t crc = 0xffffffffu;
  for (const char byte : data) {
    crc = table[(crc ^ static_cast<unsigned char>(byte)) & 0xff] ^ (crc >> 8);
  }
  return crc ^ 0xffffffffu;
}

void put16(std::string& out, std::uint16_t value) {
  out += static_cast<char>(value & 0xff);
  out += static_cast<char>(value >> 8);
}

void put32(std::string& out, std::uint32_t value) {
  put16(out, static_cast<std::uint16_t>(value & 0xffff));
  put16(out, static_cast<std::uint16_t>(value >> 16));
}

// A zip archive of these parts, stored (no compression): what office files are.
std::string zipOf(const std::vector<std::pair<std::string, std::string>>& parts) {
  std::string out;
  std::string directory;
  for (const auto& [name, data] : parts) {
    const auto offset = static_cast<std::uint32_t>(out.size());
    const auto crc = crc32(data);
    const auto size = static_cast<std::uint32_t>(data.size());
    put32(out, 0x04034b50);
    put16(out, 20);
    put16(out, 0);
    put16(out, 0);  // stored
    put16(out, 0);
    put16(out, 0x21);  // 1980-01-01
    put32(out, crc);
    put32(out, size);
    put32(out, size);
    put16(out, static_cast<std::uint16_t>(name.size()));
    put16(out, 0);
    out += name;
    out += data;
    put32(directory, 0x02014b50);
    put16(directory, 20);
    put16(directory, 20);
    put16(directory, 0);
    put16(directory, 0);
    put16(directory, 0);
    put16(directory, 0x21);
    put32(directory, crc);
    put32(directory, size);
    put32(directory, size);
    put16(directory, static_cast<std::uint16_t>(name.size()));
    put16(directory, 0);
    put16(directory, 0);
    put16(directory, 0);
    put16(directory, 0);
    put32(directory, 0);
    put32(directory, offset);
    directory += name;
  }
  const auto directoryOffset = static_cast<std::uint32_t>(out.size());
  out += directory;
  put32(out, 0x06054b50);
  put16(out, 0);
  put16(out, 0);
  put16(out, static_cast<std::uint16_t>(parts.size()));
  put16(out, static_cast<std::uint16_t>(parts.size()));
  put32(out, static_cast<std::uint32_t>(directory.size()));
  put32(out, directoryOffset);
  put16(out, 0);
  return out;
}

// PDF strings escape their delimiters; the generated text is ASCII.
std::string pdfEscaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '(' || c == ')' || c == '\\') {
      out += '\\';
    }
    out += static_cast<unsigned char>(c) < 0x80 ? c : '?';
  }
  return out;
}

}  // namespace

std::vector<std::string> wrapped(const std::vector<std::string>& paragraphs, std::size_t width) {
  std::vector<std::string> lines;
  for (const auto& paragraph : paragraphs) {
    std::string line;
    std::size_t start = 0;
    while (start < paragraph.size()) {
      auto end = paragraph.find(' ', start);
      if (end == std::string::npos) {
        end = paragraph.size();
      }
      const auto word = paragraph.substr(start, end - start);
      if (!line.empty() && line.size() + 1 + word.size() > width) {
        lines.push_back(line);
        line.clear();
      }
      line += (line.empty() ? "" : " ") + word;
      start = end + 1;
    }
    lines.push_back(line);
    lines.emplace_back();
  }
  return lines;
}

std::string pdfOf(const std::string& title, const std::vector<std::string>& lines) {
  constexpr std::size_t kLinesPerPage = 48;
  std::vector<std::string> pages;
  for (std::size_t first = 0; first < lines.size() || pages.empty(); first += kLinesPerPage) {
    std::string stream = "BT /F1 11 Tf 14 TL 56 790 Td\n";
    if (first == 0) {
      stream += "/F1 16 Tf (" + pdfEscaped(title) + ") Tj T* T* /F1 11 Tf\n";
    }
    for (std::size_t i = first; i < std::min(lines.size(), first + kLinesPerPage); ++i) {
      stream += "(" + pdfEscaped(lines[i]) + ") Tj T*\n";
    }
    stream += "ET\n";
    pages.push_back(std::move(stream));
  }
  // Objects: 1 catalog, 2 pages, 3 font, then a page and its content per page.
  std::vector<std::string> objects;
  std::string kids;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    kids += std::to_string(4 + 2 * i) + " 0 R ";
  }
  objects.push_back("<< /Type /Catalog /Pages 2 0 R >>");
  objects.push_back("<< /Type /Pages /Kids [" + kids + "] /Count " + std::to_string(pages.size()) +
                    " >>");
  objects.push_back("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  for (std::size_t i = 0; i < pages.size(); ++i) {
    objects.push_back(
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R "
        ">> >> /Contents " +
        std::to_string(5 + 2 * i) + " 0 R >>");
    objects.push_back("<< /Length " + std::to_string(pages[i].size()) + " >>\nstream\n" + pages[i] +
                      "endstream");
  }
  std::string out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  std::vector<std::size_t> offsets;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    offsets.push_back(out.size());
    out += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
  }
  const auto xref = out.size();
  out += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (const auto offset : offsets) {
    char entry[24];
    std::snprintf(entry, sizeof entry, "%010zu 00000 n \n", offset);
    out += entry;
  }
  out += "trailer\n<< /Size " + std::to_string(objects.size() + 1) +
         " /Root 1 0 R >>\nstartxref\n" + std::to_string(xref) + "\n%%EOF\n";
  return out;
}

std::string docxOf(const std::vector<std::string>& paragraphs) {
  std::string body;
  for (const auto& paragraph : paragraphs) {
    body +=
        "<w:p><w:r><w:t xml:space=\"preserve\">" + escapeMarkup(paragraph) + "</w:t></w:r></w:p>";
  }
  const std::string types =
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>"
      "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
      "<Default Extension=\"rels\" "
      "ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
      "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
      "<Override PartName=\"/word/document.xml\" "
      "ContentType=\"application/"
      "vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml\"/></Types>";
  const std::string rels =
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>"
      "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
      "<Relationship Id=\"rId1\" "
      "Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
      "officeDocument\" Target=\"word/document.xml\"/></Relationships>";
  const std::string document =
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>"
      "<w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\">"
      "<w:body>" +
      body + "</w:body></w:document>";
  return zipOf(
      {{"[Content_Types].xml", types}, {"_rels/.rels", rels}, {"word/document.xml", document}});
}

std::size_t DocumentGenerator::uniform(std::size_t count) {
  return std::uniform_int_distribution<std::size_t>(0, count - 1)(random_);
}

std::vector<std::string> DocumentGenerator::paragraphs(int minimum, int maximum) {
  const auto all = sentences();
  const auto count =
      minimum + static_cast<int>(uniform(static_cast<std::size_t>(maximum - minimum + 1)));
  std::vector<std::string> out;
  for (int p = 0; p < count; ++p) {
    std::string paragraph;
    const auto length = 2 + uniform(4);
    for (std::size_t s = 0; s < length; ++s) {
      paragraph += (paragraph.empty() ? "" : " ") + std::string(all[uniform(all.size())]);
    }
    out.push_back(std::move(paragraph));
  }
  return out;
}

GeneratedFile DocumentGenerator::next() {
  GeneratedFile file;
  const auto& kind = kKinds[uniform(kKinds.size())];
  const auto name = std::string(firstNames()[uniform(firstNames().size())]) + " " +
                    std::string(surnames()[uniform(surnames().size())]);
  file.title = kind.title;
  if (const auto at = file.title.find("{name}"); at != std::string::npos) {
    file.title.replace(at, 6, name);
  }
  file.category = kind.category;
  const auto roll = uniform(100);
  if (roll < 5) {
    file.scanned = true;
    file.extension = "png";
    file.title = "Scanned notice";
    file.category = "photo";
    file.content = std::string(scannedNoticePng());
    file.fileName = file.title + ".png";
    return file;
  }
  auto body = paragraphs(2, 14);
  body.insert(body.begin(), "Dear " + name + ",");
  for (std::size_t i = 0; i < body.size(); ++i) {
    file.text += (i == 0 ? "" : "\n") + body[i];
  }
  if (roll < 55) {
    file.extension = "pdf";
    file.content = pdfOf(file.title, wrapped(body, 90));
    file.text = file.title + "\n" + file.text;
  } else if (roll < 80) {
    file.extension = "docx";
    file.content = docxOf(body);
  } else {
    file.extension = "txt";
    file.content = file.text + "\n";
  }
  file.fileName = file.title + "." + file.extension;
  return file;
}

}  // namespace dossier::seed

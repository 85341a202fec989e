#include "docgen/office_template.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <pugixml.hpp>
#include <sstream>
#include <vector>
#include <zip.h>

#include "core/markup.hpp"
#include "docgen/errors.hpp"

namespace dossier::docgen {

namespace {

struct ZipCloser {
  void operator()(zip_t* archive) const { zip_discard(archive); }
};
using Archive = std::unique_ptr<zip_t, ZipCloser>;

// The two kinds of template, told apart by what the archive holds.
enum class Kind { Word, OpenDocument };

constexpr std::string_view kOdtMimeType = "application/vnd.oasis.opendocument.text";

// The parts whose text is filled in: a .docx's body and its headers and footers; an .odt's body
// (content.xml) and its styles, where its headers and footers are.
bool isFilledPart(Kind kind, std::string_view name) {
  if (kind == Kind::OpenDocument) {
    return name == "content.xml" || name == "styles.xml";
  }
  return name == "word/document.xml" ||
         (name.starts_with("word/header") && name.ends_with(".xml")) ||
         (name.starts_with("word/footer") && name.ends_with(".xml"));
}

std::optional<std::string> readEntry(zip_t* archive, zip_uint64_t index) {
  zip_stat_t stat;
  if (zip_stat_index(archive, index, 0, &stat) != 0 || stat.size > 64 * 1024 * 1024) {
    return std::nullopt;
  }
  zip_file_t* file = zip_fopen_index(archive, index, 0);
  if (file == nullptr) {
    return std::nullopt;
  }
  std::string text(stat.size, '\0');
  const auto read = zip_fread(file, text.data(), stat.size);
  zip_fclose(file);
  if (read < 0 || static_cast<zip_uint64_t>(read) != stat.size) {
    return std::nullopt;
  }
  return text;
}

// A {{name}} in a text: where it starts and ends (past the closing braces), and the name.
struct Placeholder {
  std::size_t open = 0;
  std::size_t end = 0;
  std::string name;
};

std::vector<Placeholder> placeholdersIn(const std::string& text) {
  std::vector<Placeholder> found;
  std::size_t at = 0;
  for (;;) {
    const auto open = text.find("{{", at);
    if (open == std::string::npos) {
      break;
    }
    const auto close = text.find("}}", open + 2);
    if (close == std::string::npos) {
      break;
    }
    std::string name = text.substr(open + 2, close - open - 2);
    const auto first = name.find_first_not_of(' ');
    const auto last = name.find_last_not_of(' ');
    name = first == std::string::npos ? "" : name.substr(first, last - first + 1);
    found.push_back({open, close + 2, std::move(name)});
    at = close + 2;
  }
  return found;
}

std::string valueOf(const std::map<std::string, std::string>& values, const std::string& name) {
  const auto found = values.find(name);
  return found != values.end() ? found->second : std::string();
}

std::string substitute(const std::string& text, const std::map<std::string, std::string>& values) {
  std::string out;
  std::size_t at = 0;
  for (const auto& each : placeholdersIn(text)) {
    out.append(text, at, each.open - at);
    out += valueOf(values, each.name);
    at = each.end;
  }
  out.append(text, at, std::string::npos);
  return out;
}

bool isOdtParagraph(pugi::xml_node node) {
  return std::strcmp(node.name(), "text:p") == 0 || std::strcmp(node.name(), "text:h") == 0;
}

// The pieces of a paragraph's text, in order. Word keeps them in the w:t elements of its runs; an
// .odt keeps them as text in the paragraph and its spans — only this paragraph's, not those of
// one inside it (a note's).
std::vector<pugi::xml_node> textPieces(Kind kind, pugi::xml_node paragraph) {
  std::vector<pugi::xml_node> pieces;
  if (kind == Kind::Word) {
    for (const auto& text : paragraph.select_nodes(".//w:t")) {
      pieces.push_back(text.node());
    }
    return pieces;
  }
  for (const auto& text : paragraph.select_nodes(".//text()")) {
    auto owner = text.node().parent();
    while (owner && !isOdtParagraph(owner)) {
      owner = owner.parent();
    }
    if (owner == paragraph) {
      pieces.push_back(text.node());
    }
  }
  return pieces;
}

std::string textOf(Kind kind, pugi::xml_node piece) {
  return kind == Kind::Word ? piece.text().get() : piece.value();
}

void setText(Kind kind, pugi::xml_node piece, const std::string& text) {
  if (kind == Kind::OpenDocument) {
    piece.set_value(text.c_str());
    return;
  }
  piece.text().set(text.c_str());
  if (!text.empty() && !piece.attribute("xml:space")) {
    piece.append_attribute("xml:space") = "preserve";
  }
}

// Fills the placeholders of each paragraph: its pieces of text are read together, so that one
// split across runs or spans is found. A placeholder's value goes into the piece where it starts
// (and takes that piece's formatting); the pieces it spanned keep what came after it, and every
// other piece, its formatting and its place are left as they were.
bool fillPart(Kind kind, pugi::xml_document& xml,
              const std::map<std::string, std::string>& values) {
  bool changed = false;
  const char* paragraphs = kind == Kind::Word ? "//w:p" : "//text:p | //text:h";
  for (const auto& found : xml.select_nodes(paragraphs)) {
    const auto pieces = textPieces(kind, found.node());
    std::vector<std::string> texts;
    std::vector<std::size_t> starts;
    std::string joined;
    for (const auto& piece : pieces) {
      starts.push_back(joined.size());
      texts.push_back(textOf(kind, piece));
      joined += texts.back();
    }
    const auto placeholders = placeholdersIn(joined);
    if (placeholders.empty()) {
      continue;
    }
    // The piece holding a position of the paragraph's text.
    const auto pieceAt = [&](std::size_t position) {
      const auto after = std::upper_bound(starts.begin(), starts.end(), position);
      return static_cast<std::size_t>(after - starts.begin()) - 1;
    };
    std::vector<bool> touched(pieces.size(), false);
    // From the last: what a placeholder changes lies at or after where it starts, so the
    // positions of those before it still hold.
    for (auto each = placeholders.rbegin(); each != placeholders.rend(); ++each) {
      const auto first = pieceAt(each->open);
      const auto last = pieceAt(each->end - 1);
      const auto value = valueOf(values, each->name);
      const auto from = each->open - starts[first];
      const auto to = each->end - starts[last];
      if (first == last) {
        texts[first] = texts[first].substr(0, from) + value + texts[first].substr(to);
      } else {
        texts[first] = texts[first].substr(0, from) + value;
        for (auto k = first + 1; k < last; ++k) {
          texts[k].clear();
          touched[k] = true;
        }
        texts[last] = texts[last].substr(to);
        touched[last] = true;
      }
      touched[first] = true;
    }
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      if (touched[i]) {
        setText(kind, pieces[i], texts[i]);
      }
    }
    changed = true;
  }
  return changed;
}

// Which kind of template an opened archive is, or nothing.
std::optional<Kind> kindOf(zip_t* archive) {
  if (zip_name_locate(archive, "word/document.xml", 0) >= 0) {
    return Kind::Word;
  }
  const auto mimetype = zip_name_locate(archive, "mimetype", 0);
  if (mimetype >= 0 && zip_name_locate(archive, "content.xml", 0) >= 0) {
    const auto type = readEntry(archive, static_cast<zip_uint64_t>(mimetype));
    if (type && std::string_view(*type).starts_with(kOdtMimeType)) {
      return Kind::OpenDocument;
    }
  }
  return std::nullopt;
}

Result<Archive> open(zip_source_t* source) {
  zip_error_t error;
  zip_error_init(&error);
  zip_t* archive = zip_open_from_source(source, 0, &error);
  zip_error_fini(&error);
  if (archive == nullptr) {
    return Error::of(errors::kTemplateNotOffice,
                     "The template is neither a Word document (.docx) nor an "
                     "OpenDocument text (.odt).");
  }
  return Archive(archive);
}

}  // namespace

std::string fillText(const std::string& text, const std::map<std::string, std::string>& values) {
  return substitute(text, values);
}

std::string fillHtml(const std::string& html, const std::map<std::string, std::string>& values) {
  std::map<std::string, std::string> escaped;
  for (const auto& [name, value] : values) {
    std::string text;
    for (const char c : escapeMarkup(value)) {
      if (c == '\n') {
        text += "<br>";
      } else if (c != '\r') {
        text += c;
      }
    }
    escaped.emplace(name, std::move(text));
  }
  return substitute(html, escaped);
}

namespace {

// The kind of a template in memory, or why it is none.
Result<Kind> kindOfTemplate(std::string_view document) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(document.data(), document.size(), 0, &error);
  zip_error_fini(&error);
  if (source == nullptr) {
    return Error::of(errors::kTemplateUnreadable, "it cannot be read");
  }
  auto archive = open(source);
  if (!archive) {
    zip_source_free(source);
    return Error::of(errors::kTemplateNotOffice,
                     "it is neither a Word document (.docx) nor an OpenDocument text "
                     "(.odt)");
  }
  if (auto kind = kindOf(archive->get())) {
    return *kind;
  }
  return Error::of(errors::kTemplateNotOffice,
                   "it is neither a Word document (.docx: no word/document.xml) nor an "
                   "OpenDocument text (.odt: no content.xml, or another mimetype)");
}

}  // namespace

std::optional<std::string> officeTemplateProblem(std::string_view document) {
  auto kind = kindOfTemplate(document);
  if (!kind) {
    return kind.error().message;
  }
  return std::nullopt;
}

std::string templateExtension(std::string_view document) {
  auto kind = kindOfTemplate(document);
  return kind && *kind == Kind::OpenDocument ? ".odt" : ".docx";
}

Result<std::string> fillOfficeTemplate(std::string_view docx,
                                       const std::map<std::string, std::string>& values) {
  // libzip writes the filled archive back into the buffer source it was opened from; the source
  // owns a copy of the template and is kept past zip_close to read the result from.
  void* copy = std::malloc(docx.size());
  if (copy == nullptr) {
    return Error::of(errors::kTemplateMemory, "no memory to fill the template");
  }
  std::memcpy(copy, docx.data(), docx.size());
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(copy, docx.size(), 1, &error);
  zip_error_fini(&error);
  if (source == nullptr) {
    std::free(copy);
    return Error::of(errors::kTemplateRead, "the template cannot be read");
  }
  zip_source_keep(source);
  std::unique_ptr<zip_source_t, decltype(&zip_source_free)> keep(source, zip_source_free);
  auto opened = open(source);
  if (!opened) {
    return std::move(opened).error();
  }
  zip_t* archive = opened->release();
  const auto kind = kindOf(archive);
  if (!kind) {
    zip_discard(archive);
    return Error::of(errors::kTemplateNotOffice,
                     "The template is neither a Word document (.docx) nor an "
                     "OpenDocument text (.odt).");
  }
  std::vector<std::string> buffers;  // alive until zip_close has written them
  buffers.reserve(64);               // a document has a body and at most a few headers and footers
  const auto entries = zip_get_num_entries(archive, 0);
  for (zip_int64_t i = 0; i < entries; ++i) {
    const char* name = zip_get_name(archive, static_cast<zip_uint64_t>(i), 0);
    if (name == nullptr || !isFilledPart(*kind, name)) {
      continue;
    }
    auto text = readEntry(archive, static_cast<zip_uint64_t>(i));
    pugi::xml_document xml;
    if (!text ||
        !xml.load_buffer(text->data(), text->size(), pugi::parse_default, pugi::encoding_utf8)) {
      zip_discard(archive);
      return Error::of(errors::kTemplateBroken,
                       std::string("The template's ") + name + " cannot be read.");
    }
    if (!fillPart(*kind, xml, values) || buffers.size() == buffers.capacity()) {
      continue;
    }
    std::ostringstream written;
    xml.save(written, "", pugi::format_raw, pugi::encoding_utf8);
    buffers.push_back(written.str());
    zip_source_t* part =
        zip_source_buffer(archive, buffers.back().data(), buffers.back().size(), 0);
    if (part == nullptr || zip_file_replace(archive, static_cast<zip_uint64_t>(i), part, 0) != 0) {
      if (part != nullptr) {
        zip_source_free(part);
      }
      zip_discard(archive);
      return Error::of(errors::kTemplateWrite, "the filled document cannot be written");
    }
  }
  if (zip_close(archive) != 0) {
    zip_discard(archive);
    return Error::of(errors::kTemplateWrite, "the filled document cannot be written");
  }
  zip_stat_t stat;
  if (zip_source_open(source) != 0) {
    return Error::of(errors::kTemplateWrite, "the filled document cannot be read back");
  }
  zip_source_stat(source, &stat);
  std::string out(stat.size, '\0');
  const auto read = zip_source_read(source, out.data(), stat.size);
  zip_source_close(source);
  if (read < 0 || static_cast<zip_uint64_t>(read) != stat.size) {
    return Error::of(errors::kTemplateWrite, "the filled document cannot be read back");
  }
  return out;
}

}  // namespace dossier::docgen

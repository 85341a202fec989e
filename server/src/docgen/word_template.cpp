#include "docgen/word_template.hpp"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <pugixml.hpp>
#include <sstream>
#include <vector>
#include <zip.h>

namespace dossier::docgen {

namespace {

struct ZipCloser {
  void operator()(zip_t* archive) const { zip_discard(archive); }
};
using Archive = std::unique_ptr<zip_t, ZipCloser>;

// The parts of a .docx whose text is filled in: the body, and any headers and footers.
bool isFilledPart(std::string_view name) {
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

std::string substitute(const std::string& text, const std::map<std::string, std::string>& values) {
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto open = text.find("{{", at);
    if (open == std::string::npos) {
      break;
    }
    const auto close = text.find("}}", open + 2);
    if (close == std::string::npos) {
      break;
    }
    out.append(text, at, open - at);
    std::string name = text.substr(open + 2, close - open - 2);
    while (!name.empty() && name.front() == ' ')
      name.erase(0, 1);
    while (!name.empty() && name.back() == ' ')
      name.pop_back();
    if (const auto found = values.find(name); found != values.end()) {
      out += found->second;
    }
    at = close + 2;
  }
  out.append(text, at, std::string::npos);
  return out;
}

// Fills the placeholders of each paragraph: its runs' texts are read together, so that one split
// by Word across runs is found; a changed paragraph's text goes into its first text node.
bool fillPart(pugi::xml_document& xml, const std::map<std::string, std::string>& values) {
  bool changed = false;
  for (const auto& found : xml.select_nodes("//w:p")) {
    std::vector<pugi::xml_node> texts;
    for (const auto& text : found.node().select_nodes(".//w:t")) {
      texts.push_back(text.node());
    }
    std::string joined;
    for (const auto& text : texts) {
      joined += text.text().get();
    }
    if (joined.find("{{") == std::string::npos) {
      continue;
    }
    const auto filled = substitute(joined, values);
    if (filled == joined) {
      continue;
    }
    changed = true;
    texts.front().text().set(filled.c_str());
    if (!texts.front().attribute("xml:space")) {
      texts.front().append_attribute("xml:space") = "preserve";
    }
    for (std::size_t i = 1; i < texts.size(); ++i) {
      texts[i].text().set("");
    }
  }
  return changed;
}

Result<Archive> open(zip_source_t* source) {
  zip_error_t error;
  zip_error_init(&error);
  zip_t* archive = zip_open_from_source(source, 0, &error);
  zip_error_fini(&error);
  if (archive == nullptr) {
    return Error::badRequest("template.not_docx", "The template is not a Word document (.docx).");
  }
  return Archive(archive);
}

}  // namespace

std::string fillText(const std::string& text, const std::map<std::string, std::string>& values) {
  return substitute(text, values);
}

std::optional<std::string> wordTemplateProblem(std::string_view docx) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(docx.data(), docx.size(), 0, &error);
  zip_error_fini(&error);
  if (source == nullptr) {
    return "it cannot be read";
  }
  auto archive = open(source);
  if (!archive) {
    zip_source_free(source);
    return "it is not a Word document (.docx)";
  }
  if (zip_name_locate(archive->get(), "word/document.xml", 0) < 0) {
    return "it is not a Word document (.docx): it has no word/document.xml";
  }
  return std::nullopt;
}

Result<std::string> fillWordTemplate(std::string_view docx,
                                     const std::map<std::string, std::string>& values) {
  // libzip writes the filled archive back into the buffer source it was opened from; the source
  // owns a copy of the template and is kept past zip_close to read the result from.
  void* copy = std::malloc(docx.size());
  if (copy == nullptr) {
    return Error::internal("template.memory", "no memory to fill the template");
  }
  std::memcpy(copy, docx.data(), docx.size());
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(copy, docx.size(), 1, &error);
  zip_error_fini(&error);
  if (source == nullptr) {
    std::free(copy);
    return Error::internal("template.read", "the template cannot be read");
  }
  zip_source_keep(source);
  std::unique_ptr<zip_source_t, decltype(&zip_source_free)> keep(source, zip_source_free);
  auto opened = open(source);
  if (!opened) {
    return std::move(opened).error();
  }
  zip_t* archive = opened->release();
  std::vector<std::string> buffers;  // alive until zip_close has written them
  buffers.reserve(64);               // a document has a body and at most a few headers and footers
  const auto entries = zip_get_num_entries(archive, 0);
  for (zip_int64_t i = 0; i < entries; ++i) {
    const char* name = zip_get_name(archive, static_cast<zip_uint64_t>(i), 0);
    if (name == nullptr || !isFilledPart(name)) {
      continue;
    }
    auto text = readEntry(archive, static_cast<zip_uint64_t>(i));
    pugi::xml_document xml;
    if (!text ||
        !xml.load_buffer(text->data(), text->size(), pugi::parse_default, pugi::encoding_utf8)) {
      zip_discard(archive);
      return Error::badRequest("template.broken",
                               std::string("The template's ") + name + " cannot be read.");
    }
    if (!fillPart(xml, values) || buffers.size() == buffers.capacity()) {
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
      return Error::internal("template.write", "the filled document cannot be written");
    }
  }
  if (zip_close(archive) != 0) {
    zip_discard(archive);
    return Error::internal("template.write", "the filled document cannot be written");
  }
  zip_stat_t stat;
  if (zip_source_open(source) != 0) {
    return Error::internal("template.write", "the filled document cannot be read back");
  }
  zip_source_stat(source, &stat);
  std::string out(stat.size, '\0');
  const auto read = zip_source_read(source, out.data(), stat.size);
  zip_source_close(source);
  if (read < 0 || static_cast<zip_uint64_t>(read) != stat.size) {
    return Error::internal("template.write", "the filled document cannot be read back");
  }
  return out;
}

}  // namespace dossier::docgen

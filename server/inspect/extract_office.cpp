#include <algorithm>
#include <cstdio>
#include <cstring>
#include <pugixml.hpp>
#include <set>
#include <string>
#include <vector>
#include <zip.h>

#include "extract.hpp"

namespace dossier::inspect {

namespace {

// A part larger than this uncompressed is not read: a zip made to inflate without end stops here.
constexpr zip_uint64_t kMaxPart = 128ull * 1024 * 1024;

bool readPart(zip_t* archive, const char* name, std::string& into) {
  zip_stat_t stat;
  zip_stat_init(&stat);
  if (zip_stat(archive, name, 0, &stat) != 0 || (stat.valid & ZIP_STAT_SIZE) == 0) {
    return false;
  }
  if (stat.size > kMaxPart) {
    std::fprintf(stderr, "%s is too large to read\n", name);
    return false;
  }
  zip_file_t* file = zip_fopen(archive, name, 0);
  if (file == nullptr) {
    return false;
  }
  into.resize(stat.size);
  zip_int64_t total = 0;
  while (total < static_cast<zip_int64_t>(stat.size)) {
    const auto n =
        zip_fread(file, into.data() + total, stat.size - static_cast<zip_uint64_t>(total));
    if (n <= 0) {
      break;
    }
    total += n;
  }
  zip_fclose(file);
  into.resize(static_cast<std::size_t>(total));
  return true;
}

// The text of an office XML part: the text of the elements that hold text, a break before each
// paragraph-like element, a space for tabs and line breaks.
class TextWalker : public pugi::xml_tree_walker {
 public:
  TextWalker(TextOutput& out, std::set<std::string> text, std::set<std::string> paragraphs,
             std::set<std::string> spaces)
      : out_(out),
        text_(std::move(text)),
        paragraphs_(std::move(paragraphs)),
        spaces_(std::move(spaces)) {}

  bool for_each(pugi::xml_node& node) override {
    if (node.type() == pugi::node_element) {
      const std::string name = node.name();
      if (paragraphs_.contains(name)) {
        out_.paragraph();
      } else if (spaces_.contains(name)) {
        out_.add(" ");
      }
    } else if (node.type() == pugi::node_pcdata || node.type() == pugi::node_cdata) {
      const std::string parent = node.parent().name();
      // A spreadsheet cell of type s holds the index of a shared string, read with the strings.
      const bool sharedIndex =
          parent == "v" && std::string_view(node.parent().parent().attribute("t").value()) == "s";
      if ((text_.empty() || text_.contains(parent)) && !sharedIndex) {
        out_.add(node.value());
      }
    }
    return true;
  }

 private:
  TextOutput& out_;
  std::set<std::string> text_;
  std::set<std::string> paragraphs_;
  std::set<std::string> spaces_;
};

bool walkPart(zip_t* archive, const char* name, TextWalker& walker) {
  std::string xml;
  if (!readPart(archive, name, xml)) {
    return false;
  }
  pugi::xml_document document;
  // No DOCTYPE, so no entity expansion: a billion laughs has nothing to laugh with.
  const auto parsed =
      document.load_buffer(xml.data(), xml.size(), pugi::parse_default & ~pugi::parse_doctype);
  if (!parsed) {
    std::fprintf(stderr, "%s is not well-formed XML: %s\n", name, parsed.description());
    return false;
  }
  document.traverse(walker);
  return true;
}

// The names of a folder's parts in their natural order (slide2 before slide10).
std::vector<std::string> partsUnder(zip_t* archive, const std::string& prefix) {
  std::vector<std::string> names;
  const auto count = zip_get_num_entries(archive, 0);
  for (zip_int64_t i = 0; i < count && names.size() < 10000; ++i) {
    const char* name = zip_get_name(archive, static_cast<zip_uint64_t>(i), 0);
    if (name != nullptr && std::strncmp(name, prefix.c_str(), prefix.size()) == 0 &&
        std::string_view(name).ends_with(".xml")) {
      names.emplace_back(name);
    }
  }
  std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  return names;
}

}  // namespace

bool officeFile(const char* path, const std::string& extension, TextOutput& out) {
  int error = 0;
  zip_t* archive = zip_open(path, ZIP_RDONLY, &error);
  if (archive == nullptr) {
    zip_error_t reason;
    zip_error_init_with_code(&reason, error);
    std::fprintf(stderr, "the file is not a zip archive that can be read: %s\n",
                 zip_error_strerror(&reason));
    zip_error_fini(&reason);
    return false;
  }
  bool read = false;
  if (extension == "docx") {
    TextWalker walker(out, {"w:t"}, {"w:p"}, {"w:tab", "w:br", "w:cr"});
    read = walkPart(archive, "word/document.xml", walker);
  } else if (extension == "xlsx") {
    TextWalker strings(out, {"t"}, {"si"}, {});
    read = walkPart(archive, "xl/sharedStrings.xml", strings);
    for (const auto& sheet : partsUnder(archive, "xl/worksheets/sheet")) {
      // Numbers and inline strings; shared strings were read above.
      TextWalker values(out, {"v", "t"}, {"row"}, {"c"});
      read = walkPart(archive, sheet.c_str(), values) || read;
    }
  } else if (extension == "pptx") {
    for (const auto& slide : partsUnder(archive, "ppt/slides/slide")) {
      TextWalker walker(out, {"a:t"}, {"a:p"}, {"a:br", "a:tab"});
      read = walkPart(archive, slide.c_str(), walker) || read;
      out.paragraph();
    }
  } else {
    // OpenDocument: text, spreadsheet and presentation alike keep it in content.xml.
    TextWalker walker(out, {}, {"text:p", "text:h", "table:table-row", "draw:page"},
                      {"text:s", "text:tab", "text:line-break", "table:table-cell"});
    read = walkPart(archive, "content.xml", walker);
  }
  zip_close(archive);
  if (!read) {
    std::fprintf(stderr, "the file holds no %s content that can be read\n", extension.c_str());
  }
  return read;
}

}  // namespace dossier::inspect

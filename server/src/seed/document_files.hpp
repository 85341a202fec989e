#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace dossier::seed {

// A generated file to attach to a case: its bytes, and the text a reader of it finds (empty for a
// scan, which only OCR can read).
struct GeneratedFile {
  std::string fileName;
  std::string title;
  std::string extension;
  std::string category;
  std::string content;
  std::string text;
  bool scanned = false;
};

// Files that read like a case file's: letters, inspection reports, witness statements, notes and
// now and then a scanned notice — PDFs, Word documents and plain text of real sentences, a few
// pages at most. The same seed gives the same files.
class DocumentGenerator {
 public:
  explicit DocumentGenerator(std::uint64_t seed) : random_(seed) {}
  GeneratedFile next();

 private:
  std::mt19937_64 random_;
  std::size_t uniform(std::size_t count);
  std::vector<std::string> paragraphs(int minimum, int maximum);
};

// A PDF of these lines in Helvetica, 48 lines a page: a real text PDF, the kind poppler reads.
std::string pdfOf(const std::string& title, const std::vector<std::string>& lines);
// A Word document (DOCX) of these paragraphs: a zip archive of its XML parts, stored uncompressed.
std::string docxOf(const std::vector<std::string>& paragraphs);
// Text cut into lines of at most width characters, at spaces.
std::vector<std::string> wrapped(const std::vector<std::string>& paragraphs, std::size_t width);

// A scanned page (PNG), embedded in the program.
std::string_view scannedNoticePng();
inline constexpr const char* kScannedNoticeText =
    "Environmental Health Department Noise abatement notice for Flat 4, Harbour Street.";

}  // namespace dossier::seed

#pragma once

#include <string>
#include <string_view>

namespace dossier::inspect {

// Where extracted text goes: standard output, as valid UTF-8 (broken bytes become U+FFFD), with
// runs of white space made one, so that what the server stores and indexes is clean text.
class TextOutput {
 public:
  void add(std::string_view text);
  void paragraph();  // a break between pages, cells or paragraphs
  void flush();
  bool empty() const { return written_ == 0 && buffer_.empty(); }

 private:
  std::string buffer_;
  std::size_t written_ = 0;
  bool space_ = true;
};

// Decodes HTML character references (&amp; &#233; &#x2019;) in text.
std::string decodeEntities(std::string_view text);
// The text of an HTML document: no tags, scripts, styles or comments; block elements break lines.
void htmlText(std::string_view html, TextOutput& out);

}  // namespace dossier::inspect

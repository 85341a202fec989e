#pragma once

#include <charconv>
#include <string>
#include <string_view>

namespace dossier {

// Appends text as a JSON string, quotes included: quotes, backslashes, line breaks and other
// control characters escaped, and bytes that are not UTF-8 as U+FFFD, so that the text is valid
// JSON whatever it held.
void appendJsonString(std::string& out, std::string_view text);

// Writes JSON text straight into a string, for answers large and frequent enough that a tree of
// values built first, then copied and written, costs more than the answer's own work (a search's
// page of hits). Commas and colons are its business; the caller opens and closes what it writes,
// giving each member of an object its key first.
class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  void beginObject();
  void endObject();
  void beginArray();
  void endArray();
  void key(std::string_view name);
  void string(std::string_view text);
  void number(double value);
  void number(long long value);
  void boolean(bool value);
  // A value already written as JSON text (a hit's fields, kept so).
  void raw(std::string_view json);

 private:
  void beforeValue();
  void open(char bracket);
  void close(char bracket);
  template <typename Number>
  void appendNumber(Number value) {
    char buffer[32];
    out_.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
  }

  std::string& out_;
  bool afterMember_ = false;  // a value was written where a comma must come before the next
};

}  // namespace dossier

#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dossier::reports {

// The values of a few top-level fields of a record's JSON, read in one pass of Boost.JSON's
// parser without building the document: a listing of a million records needs a handful of the
// fields of each, and building each record's whole document was a seventh of an export's time.
class FieldPicker {
 public:
  struct Value {
    enum class Kind { Missing, Null, Text, Integer, Unsigned, Real, Boolean, Nested };
    Kind kind = Kind::Missing;
    std::string text;  // Text
    std::int64_t integer = 0;
    std::uint64_t unsignedInteger = 0;
    double real = 0;
    bool boolean = false;
  };

  // The fields wanted, by their keys, in the order their values are asked for.
  explicit FieldPicker(std::vector<std::string> keys);

  // Reads one record's JSON. False when it is not a JSON object (every field is then Missing). A
  // field whose value is an array or an object is Nested: its caller reads the document whole.
  bool read(std::string_view json);
  const Value& operator[](std::size_t i) const { return values_[i]; }

  // Boost.JSON's parser's handler (field_picker.cpp).
  struct Handler;

 private:
  std::vector<std::string> keys_;
  std::vector<Value> values_;
};

}  // namespace dossier::reports

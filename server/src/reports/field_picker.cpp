#include "reports/field_picker.hpp"

#include <boost/json/basic_parser_impl.hpp>

namespace dossier::reports {

namespace json = boost::json;
using Kind = FieldPicker::Value::Kind;

// Boost.JSON's parser calls these as it reads: only the values of the root object's wanted keys
// are kept; anything deeper is passed over.
struct FieldPicker::Handler {
  static constexpr std::size_t max_object_size = std::size_t(-1);
  static constexpr std::size_t max_array_size = std::size_t(-1);
  static constexpr std::size_t max_key_size = std::size_t(-1);
  static constexpr std::size_t max_string_size = std::size_t(-1);

  Handler(const std::vector<std::string>* wanted, std::vector<Value>* found)
      : keys(wanted), values(found) {}

  const std::vector<std::string>* keys;
  std::vector<Value>* values;
  int depth = 0;
  bool rootIsObject = false;
  // The wanted field whose value comes next at the root, or none.
  Value* current = nullptr;
  std::string key;

  void start() {
    depth = 0;
    rootIsObject = false;
    current = nullptr;
    for (auto& value : *values) {
      value.kind = Kind::Missing;
      value.text.clear();
    }
  }

  // A value at the root object's first level, for the key just read.
  Value* take(Kind kind) {
    if (depth != 1 || current == nullptr) {
      return nullptr;
    }
    auto* value = current;
    current = nullptr;
    value->kind = kind;
    return value;
  }

  bool begin(json::error_code&) {
    if (depth == 0) {
      rootIsObject = false;
    } else if (auto* value = take(Kind::Nested)) {
      value->text.clear();
    }
    ++depth;
    return true;
  }

  bool on_document_begin(json::error_code&) { return true; }
  bool on_document_end(json::error_code&) { return true; }
  bool on_array_begin(json::error_code& error) { return begin(error); }
  bool on_array_end(std::size_t, json::error_code&) {
    --depth;
    return true;
  }
  bool on_object_begin(json::error_code& error) {
    const bool root = depth == 0;
    begin(error);
    rootIsObject = rootIsObject || root;
    return true;
  }
  bool on_object_end(std::size_t, json::error_code&) {
    --depth;
    return true;
  }
  bool on_string_part(json::string_view part, std::size_t, json::error_code&) {
    if (depth == 1 && current != nullptr) {
      current->text.append(part.data(), part.size());
    }
    return true;
  }
  bool on_string(json::string_view part, std::size_t, json::error_code&) {
    if (depth == 1 && current != nullptr) {
      current->text.append(part.data(), part.size());
      current->kind = Kind::Text;
      current = nullptr;
    }
    return true;
  }
  bool on_key_part(json::string_view part, std::size_t, json::error_code&) {
    if (depth == 1) {
      key.append(part.data(), part.size());
    }
    return true;
  }
  bool on_key(json::string_view part, std::size_t, json::error_code&) {
    if (depth != 1) {
      return true;
    }
    key.append(part.data(), part.size());
    current = nullptr;
    for (std::size_t i = 0; i < keys->size(); ++i) {
      if ((*keys)[i] == key) {
        current = &(*values)[i];
        current->text.clear();
        break;
      }
    }
    key.clear();
    return true;
  }
  bool on_number_part(json::string_view, json::error_code&) { return true; }
  bool on_int64(std::int64_t number, json::string_view, json::error_code&) {
    if (auto* value = take(Kind::Integer)) {
      value->integer = number;
    }
    return true;
  }
  bool on_uint64(std::uint64_t number, json::string_view, json::error_code&) {
    if (auto* value = take(Kind::Unsigned)) {
      value->unsignedInteger = number;
    }
    return true;
  }
  bool on_double(double number, json::string_view, json::error_code&) {
    if (auto* value = take(Kind::Real)) {
      value->real = number;
    }
    return true;
  }
  bool on_bool(bool flag, json::error_code&) {
    if (auto* value = take(Kind::Boolean)) {
      value->boolean = flag;
    }
    return true;
  }
  bool on_null(json::error_code&) {
    take(Kind::Null);
    return true;
  }
  bool on_comment_part(json::string_view, json::error_code&) { return true; }
  bool on_comment(json::string_view, json::error_code&) { return true; }
};

namespace {

using Parser = json::basic_parser<FieldPicker::Handler>;

}  // namespace

FieldPicker::FieldPicker(std::vector<std::string> keys)
    : keys_(std::move(keys)), values_(keys_.size()) {}

bool FieldPicker::read(std::string_view text) {
  // The parser is small and keeps nothing between documents: one a read, on the stack.
  Parser parser(json::parse_options{}, &keys_, &values_);
  parser.handler().start();
  json::error_code error;
  const auto used = parser.write_some(false, text.data(), text.size(), error);
  // One document and nothing after it, as a record's values are.
  if (error || used != text.size() || !parser.handler().rootIsObject) {
    for (auto& value : values_) {
      value.kind = Kind::Missing;
    }
    return false;
  }
  return true;
}

}  // namespace dossier::reports

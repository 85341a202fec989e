# Writes a C++ source holding one binary file as a byte array, so that the binary never depends on
# finding it on disk. Run with: cmake -DINPUT=… -DOUTPUT=… -DFUNCTION=… -DNAMESPACE=… -P
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" length)
math(EXPR size "${length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n    " bytes "${bytes}")
set(content "// Generated from ${INPUT} by cmake/EmbedFile.cmake; do not edit.
#include <string_view>

namespace ${NAMESPACE} {

std::string_view ${FUNCTION}() {
  static const unsigned char bytes[] = {
    ${bytes}
  };
  return {reinterpret_cast<const char*>(bytes), ${size}};
}

}  // namespace ${NAMESPACE}
")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" previous)
else()
  set(previous "")
endif()
if(NOT previous STREQUAL content)
  file(WRITE "${OUTPUT}" "${content}")
endif()

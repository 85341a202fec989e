# Writes a C++ source that holds every migration file of MIGRATIONS_DIR, so that the binary never
# depends on finding them on disk. Run with: cmake -DMIGRATIONS_DIR=… -DOUTPUT=… -DFUNCTION=… -P
file(GLOB files RELATIVE "${MIGRATIONS_DIR}" "${MIGRATIONS_DIR}/*.sql")
list(SORT files)
set(entries "")
foreach(name IN LISTS files)
  if(NOT name MATCHES "^([0-9][0-9][0-9][0-9])_[a-z0-9_]+\\.sql$")
    message(FATAL_ERROR "Migration file name ${name} must look like 0001_what_it_does.sql")
  endif()
  math(EXPR number "${CMAKE_MATCH_1}")
  file(READ "${MIGRATIONS_DIR}/${name}" sql)
  if(sql MATCHES "\\)dossier_sql\"")
    message(FATAL_ERROR "${name} contains the embedding delimiter")
  endif()
  string(APPEND entries "    {${number}, \"${name}\", R\"dossier_sql(${sql})dossier_sql\"},\n")
endforeach()
set(content "// Generated from ${MIGRATIONS_DIR} by cmake/EmbedMigrations.cmake; do not edit.
#include \"db/migrations.hpp\"

namespace dossier::db {

std::span<const Migration> ${FUNCTION}() {
  static const Migration migrations[] = {
${entries}  };
  return migrations;
}

}  // namespace dossier::db
")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" previous)
else()
  set(previous "")
endif()
if(NOT previous STREQUAL content)
  file(WRITE "${OUTPUT}" "${content}")
endif()

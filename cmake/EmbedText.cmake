# Embeds a text file as a C++ raw string literal:
#   cmake -DINPUT=file -DOUTPUT=file.inc -DNAME=Var -P EmbedText.cmake
file(READ "${INPUT}" TEXT)
file(WRITE "${OUTPUT}.tmp" "static const char ${NAME}[] = R\"p3embed(${TEXT})p3embed\";\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")

/* The floor of reading YAML with libyaml, for bench/validate.sh: reads each file given into
 * memory (as vitals does) and runs yaml_parser_parse over every event of it, building nothing.
 * No program that reads these files through libyaml's event parser can take less CPU time;
 * whatever `vitals validate` takes above this is composing nodes, checking and reporting.
 *
 *   cc -O2 -o yaml-events bench/floor/yaml_events.c $(pkg-config --cflags --libs yaml-0.1)
 *   yaml-events FILE...        # prints the number of files and events; exit 1 on a YAML error
 */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

/* The whole of `path` in a new buffer (its length in *length), or NULL. */
static unsigned char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    size_t capacity = 1 << 16, used = 0;
    unsigned char *buffer = malloc(capacity);
    while (buffer != NULL) {
        used += fread(buffer + used, 1, capacity - used, file);
        if (used < capacity) break;
        capacity *= 2;
        unsigned char *grown = realloc(buffer, capacity);
        if (grown == NULL) free(buffer);
        buffer = grown;
    }
    int failed = ferror(file);
    fclose(file);
    if (failed) { free(buffer); return NULL; }
    *length = used;
    return buffer;
}

int main(int argc, char **argv) {
    unsigned long events = 0;
    for (int index = 1; index < argc; index++) {
        size_t length = 0;
        unsigned char *text = read_file(argv[index], &length);
        if (text == NULL) { fprintf(stderr, "yaml-events: cannot read %s\n", argv[index]); return 1; }
        yaml_parser_t parser;
        if (!yaml_parser_initialize(&parser)) { fprintf(stderr, "yaml-events: no parser\n"); return 1; }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
        yaml_parser_set_input_string(&parser, text, length);
        for (;;) {
            yaml_event_t event;
            if (!yaml_parser_parse(&parser, &event)) {
                fprintf(stderr, "yaml-events: %s: %s at line %lu\n", argv[index],
                        parser.problem ? parser.problem : "invalid YAML",
                        (unsigned long)parser.problem_mark.line + 1);
                return 1;
            }
            events++;
            int done = event.type == YAML_STREAM_END_EVENT;
            yaml_event_delete(&event);
            if (done) break;
        }
        yaml_parser_delete(&parser);
        free(text);
    }
    printf("%d files, %lu events\n", argc - 1, events);
    return 0;
}

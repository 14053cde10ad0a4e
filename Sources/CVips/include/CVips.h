#ifndef MIRRORBOT_CVIPS_H
#define MIRRORBOT_CVIPS_H

#include <stddef.h>

/* libvips, opened on first use: mirror-bot does not link it, so a process that never re-encodes
   a picture never loads it and its ~50 codec libraries. CVips.c holds its own declarations of
   the few libvips calls it makes (no vips header, no pkg-config) and calls the variadic ones
   with fixed arguments, which Swift cannot do. */

/* Opens `file` (dlopen, RTLD_NOW | RTLD_LOCAL), finds every call CVips.c makes in it and
   starts libvips (once per process), under a lock: 0 when libvips is ready. On failure
   returns -1 and writes why, naming `file`, into `error`; a later call tries again. */
int mirrorbot_vips_open(const char *file, char *error, size_t capacity);

/* Decodes `length` bytes of an image (any format libvips reads), turns it upright (EXIF
   orientation), resizes it by `scale` (at most 1; both sides alike, so the aspect ratio is
   kept), lays any transparency on white and encodes it as a JPEG of `quality` without
   metadata. On success returns 0 and sets `output` (free it with mirrorbot_vips_free), its
   length and the picture's width and height; on failure returns -1 (mirrorbot_vips_error says
   why). Only after mirrorbot_vips_open answered 0. */
int mirrorbot_vips_jpeg(
    const void *input, size_t length, double scale, int quality, void **output, size_t *output_length, int *width, int *height);

/* libvips's last error message, copied (free it with mirrorbot_vips_free) and cleared in one
   step under libvips's lock, so bots shrinking pictures at once never read or clear each
   other's. NULL before libvips is open. */
char *mirrorbot_vips_error(void);

/* Frees what libvips allocated (g_free); NULL is ignored. */
void mirrorbot_vips_free(void *memory);

#endif

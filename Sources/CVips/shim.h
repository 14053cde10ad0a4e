#include <vips/vips.h>

/* libvips's calls take their options as C varargs, which Swift cannot call: these wrap the
   few mirror-bot needs with fixed arguments. */

/* Starts libvips once per process (VIPS_INIT is a macro); 0 when it started. Operations are
   not cached: each picture is decoded once and dropped. */
static inline int mirrorbot_vips_start(void) {
    if (VIPS_INIT("mirror-bot") != 0) return -1;
    vips_cache_set_max(0);
    return 0;
}

/* Decodes `length` bytes of an image (any format libvips reads), turns it upright (EXIF
   orientation), resizes it by `scale` (at most 1; both sides alike, so the aspect ratio is
   kept), lays any transparency on white and encodes it as a JPEG of `quality` without
   metadata. On success returns 0 and sets `output` (free it with g_free), its length and the
   picture's width and height; on failure returns -1 (vips_error_buffer() says why). */
static inline int mirrorbot_vips_jpeg(
    const void *input, size_t length, double scale, int quality, void **output, size_t *output_length, int *width, int *height
) {
    VipsImage *loaded = vips_image_new_from_buffer(input, length, "", NULL);
    if (loaded == NULL) return -1;
    VipsImage *image = NULL;
    if (vips_autorot(loaded, &image, NULL) != 0) { g_object_unref(loaded); return -1; }
    g_object_unref(loaded);
    if (scale < 1.0) {
        VipsImage *resized = NULL;
        if (vips_resize(image, &resized, scale, NULL) != 0) { g_object_unref(image); return -1; }
        g_object_unref(image);
        image = resized;
    }
    if (vips_image_hasalpha(image)) {
        VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
        VipsImage *flat = NULL;
        int failed = vips_flatten(image, &flat, "background", white, NULL);
        vips_area_unref(VIPS_AREA(white));
        if (failed != 0) { g_object_unref(image); return -1; }
        g_object_unref(image);
        image = flat;
    }
    int failed = vips_jpegsave_buffer(image, output, output_length, "Q", quality, "strip", TRUE, NULL);
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    g_object_unref(image);
    return failed == 0 ? 0 : -1;
}

/* libvips's last error message, copied (free it with g_free) and cleared in one step under
   libvips's lock, so bots shrinking pictures at once never read or clear each other's. */
static inline char *mirrorbot_vips_error(void) {
    return vips_error_buffer_copy();
}

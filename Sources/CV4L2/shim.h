// V4L2 camera controls (focus, exposure) read and set on the device node.
// GStreamer's v4l2src only takes controls as a start-up structure; these
// calls work while it streams, from a second descriptor of the same node.
#include <fcntl.h>
#include <unistd.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/videodev2.h>

enum {
    REEL_V4L2_FOCUS_AUTO = V4L2_CID_FOCUS_AUTO,
    REEL_V4L2_FOCUS_ABSOLUTE = V4L2_CID_FOCUS_ABSOLUTE,
    REEL_V4L2_EXPOSURE_AUTO = V4L2_CID_EXPOSURE_AUTO,
    REEL_V4L2_EXPOSURE_ABSOLUTE = V4L2_CID_EXPOSURE_ABSOLUTE,
};

// Reads a control's range and current value; 0 when the device has it
// (and it is not disabled), -1 otherwise.
static inline int reel_v4l2_query(const char *path, unsigned id, int *minimum, int *maximum, int *step, int *value) {
    int fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return -1;
    struct v4l2_queryctrl query;
    memset(&query, 0, sizeof query);
    query.id = id;
    int result = -1;
    if (ioctl(fd, VIDIOC_QUERYCTRL, &query) == 0 && !(query.flags & V4L2_CTRL_FLAG_DISABLED)) {
        struct v4l2_control control = { .id = id };
        if (ioctl(fd, VIDIOC_G_CTRL, &control) == 0) {
            *minimum = query.minimum;
            *maximum = query.maximum;
            *step = query.step;
            *value = control.value;
            result = 0;
        }
    }
    close(fd);
    return result;
}

static inline int reel_v4l2_set(const char *path, unsigned id, int value) {
    int fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return -1;
    struct v4l2_control control = { .id = id, .value = value };
    int result = ioctl(fd, VIDIOC_S_CTRL, &control);
    close(fd);
    return result;
}

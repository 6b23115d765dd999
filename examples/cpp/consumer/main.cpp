// Links against sepaxis and checks two known answers, so a broken install fails loudly.
#include <sepaxis/sepaxis.h>

#include <cstdio>

int main() {
  const auto box = sepaxis::makeAabb({0, 0, 0}, {1, 1, 1});
  const auto near = sepaxis::makeSphere({1.5, 0.5, 0.5}, 0.6);  // 0.5 from the face: overlaps
  const auto far = sepaxis::makeSphere({3, 0.5, 0.5}, 0.6);     // 2 from the face: apart
  if (!box || !near || !far) {
    std::fprintf(stderr, "consumer: a valid volume was rejected\n");
    return 1;
  }
  const bool nearOverlaps = sepaxis::overlaps(*box, *near);
  const bool farOverlaps = sepaxis::overlaps(*box, *far);
  std::printf("consumer: box-sphere overlaps %s (near), %s (far)\n", nearOverlaps ? "yes" : "no",
              farOverlaps ? "yes" : "no");
  return nearOverlaps && !farOverlaps ? 0 : 1;
}

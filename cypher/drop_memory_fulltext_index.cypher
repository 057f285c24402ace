// The full-text index older versions kept on :Memory (now on :MemoryText), dropped once its
// replacement holds every memory's content.
// params:
CALL db.idx.fulltext.drop('Memory')

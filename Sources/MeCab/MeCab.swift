// MeCab
